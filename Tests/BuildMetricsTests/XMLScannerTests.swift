import Foundation
import XMLScanning
@testable import BuildMetrics
import Testing

@Suite("XML scanner")
struct XMLScannerTests {
    static func events(_ xml: String) -> (events: [XMLScanner.Event], truncated: Bool) {
        var scanner = XMLScanner(Array(xml.utf8))
        var events: [XMLScanner.Event] = []
        while let event = scanner.next() { events.append(event) }
        return (events, scanner.truncated)
    }

    @Test("elements, attributes in both quotes, self-closing tags, text, CDATA; comments and PIs skipped")
    func document() {
        let xml = "\u{FEFF}<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY x \"y\">]><!-- c --><a k='1' j=\"&lt;2&gt;\" bare>t &amp; u<b/><![CDATA[<raw>]]></a>"
        let (events, truncated) = Self.events(xml)
        #expect(!truncated)
        #expect(events == [
            .start(name: "a", attributes: ["k": "1", "j": "<2>", "bare": ""], selfClosing: false),
            .text("t & u"),
            .start(name: "b", attributes: [:], selfClosing: true),
            .text("<raw>"),
            .end(name: "a"),
        ])
    }

    @Test("every kind of cut-off ends early with truncated set", arguments: [
        "<a k=\"1", "<a k=", "<a", "<a/", "<!-- never closed", "<?xml ", "<![CDATA[abc", "</a", "<!DOCTYPE x [",
    ])
    func cutOff(xml: String) {
        let (_, truncated) = Self.events("<root>" + xml)
        #expect(truncated)
    }

    @Test("a stray < and a lone & are text, not errors")
    func stray() {
        let (events, truncated) = Self.events("<a>1 < 2 & 3</a>")
        #expect(!truncated)
        #expect(events.contains(.text("<")))
        #expect(events.last == .end(name: "a"))
    }
}
