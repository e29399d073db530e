import Foundation
import HTTPClient
import Testing
import TestSupport

/// Requests signed with AWS Signature Version 4 by libcurl (`HTTPRequest.awsSigV4`), as sent:
/// a loopback server records the header fields. Whether an S3 implementation accepts the
/// signature is checked against moto in ServerTests' `S3ArtifactStorageTests`.
@Suite struct HTTPClientSigV4Tests {
    static let signing = AWSSigV4(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "eu-west-3")

    /// The recorded header fields of `request`, by lower-cased name.
    static func recorded(_ request: HTTPClient.Request, client: HTTPClient) async throws -> [String: String] {
        let response = try await client.execute(request)
        #expect(response.status == 200)
        var fields: [String: String] = [:]
        for line in response.bodyText.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    @Test func aSignedRequestCarriesAnAWS4AuthorizationWithTheRightScope() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let fields = try await Self.recorded(.init(url: server.url("/record/bucket/key"), awsSigV4: Self.signing), client: client)
                let authorization = try #require(fields["authorization"])
                let date = try #require(fields["x-amz-date"])
                #expect(date.count == 16 && date.hasSuffix("Z"), "x-amz-date is yyyymmddThhmmssZ: \(date)")
                let day = date.prefix(8)
                #expect(authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/\(day)/eu-west-3/s3/aws4_request, "))
                let signedHeaders = authorization.components(separatedBy: "SignedHeaders=").last?.components(separatedBy: ",").first ?? ""
                #expect(signedHeaders.split(separator: ";").contains("host"))
                #expect(signedHeaders.split(separator: ";").contains("x-amz-date"))
                #expect(signedHeaders.split(separator: ";").contains("x-amz-content-sha256"), "S3 refuses unsigned payload hashes")
                // Every signed header is sent: one signed but not sent breaks the signature.
                for name in signedHeaders.split(separator: ";") {
                    #expect(fields[String(name)] != nil, "\(name) is signed but was not sent")
                }
                let signature = authorization.components(separatedBy: "Signature=").last ?? ""
                #expect(signature.count == 64 && signature.allSatisfy(\.isHexDigit))
                // S3 wants a payload hash; without one given, the body is declared unsigned.
                #expect(fields["x-amz-content-sha256"] == "UNSIGNED-PAYLOAD")
                // The secret goes into the HMAC only, never on the wire (no Basic auth).
                #expect(!fields.values.contains { $0.contains(Self.signing.secretAccessKey) || $0.hasPrefix("Basic") })
            }
        }
    }

    @Test func aGivenPayloadHashIsKeptAndAStreamedUploadIsSignedToo() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sigv4-\(UUID().uuidString).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(TestServer.patternBytes(300_000))))
        let hash = String(repeating: "ab", count: 32)
        try await TestServer.run { server in
            try await withClient { client in
                let request = HTTPClient.Request(
                    method: .put, url: server.url("/record/bucket/key"),
                    headers: ["x-amz-content-sha256": hash, "Content-Type": "application/octet-stream"], bodyFile: path, awsSigV4: Self.signing)
                let fields = try await Self.recorded(request, client: client)
                #expect(fields["x-amz-content-sha256"] == hash)
                #expect(fields["body-length"] == "300000")
                let authorization = try #require(fields["authorization"])
                #expect(authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/"))
                let signedHeaders = authorization.components(separatedBy: "SignedHeaders=").last?.components(separatedBy: ",").first ?? ""
                #expect(signedHeaders.split(separator: ";").contains("content-type"))
                for name in signedHeaders.split(separator: ";") {
                    #expect(fields[String(name)] != nil, "\(name) is signed but was not sent")
                }
                let other = AWSSigV4(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "another secret", region: "eu-west-3")
                let resigned = try await Self.recorded(.init(url: server.url("/record/bucket/key"), awsSigV4: other), client: client)
                let original = try await Self.recorded(.init(url: server.url("/record/bucket/key"), awsSigV4: Self.signing), client: client)
                // Same request and second (most likely), other secret: another signature.
                if resigned["x-amz-date"] == original["x-amz-date"] {
                    #expect(resigned["authorization"] != original["authorization"])
                }
            }
        }
    }

    @Test func anUnsignedRequestHasNoAWSHeaders() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let fields = try await Self.recorded(.init(url: server.url("/record/bucket/key")), client: client)
                #expect(fields["authorization"] == nil)
                #expect(fields["x-amz-date"] == nil)
                #expect(fields["x-amz-content-sha256"] == nil)
            }
        }
    }

    @Test func theSecretStaysOutOfDescriptions() {
        let request = HTTPClient.Request(url: "http://127.0.0.1/x", awsSigV4: Self.signing)
        for text in [String(describing: request), String(reflecting: request), "\(Self.signing)"] {
            #expect(!text.contains(Self.signing.secretAccessKey), "\(text)")
        }
        #expect("\(Self.signing)".contains("AKIDEXAMPLE/eu-west-3/s3"))
    }
}
