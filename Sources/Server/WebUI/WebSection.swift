/// The web UI's navigation entries, in the header's order.
enum WebSection: String, CaseIterable, Sendable {
    case overview, builds, pipelines, queue, agents, devices, releases, outbox, audit

    /// The entry's path.
    var path: String { self == .overview ? "/" : "/" + rawValue }

    /// The entry's label.
    var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The scope a token needs for the entry's data: its link is hidden from other tokens.
    var scope: String { [.outbox, .audit].contains(self) ? "admin" : "read" }

    /// The entry as a list item; the current page's is marked for assistive technology.
    func navigationItem(current: WebSection) -> String {
        let marker = self == current ? #" aria-current="page""# : ""
        return #"<li data-scope="\#(scope)"><a href="\#(path)"\#(marker)>\#(label)</a></li>"#
    }
}
