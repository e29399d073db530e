import Core
import Foundation
import Testing

/// Job specs are stored with their jobs: specs written before a key existed must still decode.
struct JobSpecCodingTests {
    @Test func aSpecStoredBeforeReportsExistedDecodes() throws {
        let old = #"{"commands":["make"],"requirements":{"tags":{}},"env":{},"retry":{"agentLost":2,"exitCodes":[],"exitCodeLimit":0},"dependsOn":[],"artifacts":[]}"#
        let spec = try JSONDecoder().decode(JobSpec.self, from: Data(old.utf8))
        #expect(spec.commands == ["make"])
        #expect(spec.findings == nil)
    }

    @Test func findingsSettingsRoundTrip() throws {
        let spec = JobSpec(commands: ["x"], findings: FindingsStep(reports: ["r.xml", "**/*.sarif"], failOn: .never))
        let json = try JSONEncoder().encode(spec)
        #expect(String(decoding: json, as: UTF8.self).contains(#""findings":{"#))
        #expect(try JSONDecoder().decode(JobSpec.self, from: json).findings == spec.findings)
        let bad = #"{"commands":[],"requirements":{"tags":{}},"env":{},"retry":{"agentLost":2,"exitCodes":[],"exitCodeLimit":0},"dependsOn":[],"artifacts":[],"findings":{"reports":["a"],"failOn":"sometimes"}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(JobSpec.self, from: Data(bad.utf8)) }
    }
}
