import Foundation

// MARK: - HostEncoding

/// How names and values go into the hosts' URLs and bodies. Two encodings of path text live
/// here side by side because the clients used both before they shared a module: the status,
/// checks, notes and reports requests use ``pathSegment(_:)`` (RFC 3986 unreserved bytes
/// only), the branch and compare requests ``refPath(_:)`` and ``component(_:)`` (Foundation's
/// alphanumerics, and `refPath` keeps `/`). `pathSegment` and `component` agree on ASCII text
/// and may not on the rest; they are kept apart so every request stays byte for byte what it was.
enum HostEncoding {
    /// The `/`-separated parts of a repository's full name, or nil when one is empty or the
    /// count is outside `allowed` (GitLab allows nested groups, the others exactly two).
    static func nameParts(_ name: String, allowed: ClosedRange<Int>) -> [String]? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard allowed.contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            return nil
        }
        return parts
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters, so a name can never
    /// add path segments or a query (GitLab's `group/project` becomes `group%2Fproject`).
    static func pathSegment(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    /// A branch name as a path (slashes kept, as GitHub's and Bitbucket's ref APIs expect).
    static func refPath(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// One URL component, slashes encoded (GitLab's project paths and query values).
    static func component(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Compact JSON with sorted keys (stable bodies make fakes and logs easy to compare).
    static func jsonBody(_ value: some Encodable) throws(CommitStatusError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            throw CommitStatusError("cannot encode the status body: \(error)")
        }
    }
}
