import Core
import Foundation
import HTTPClient
import Logging
import NIOCore

/// Artifacts as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, moto), so every
/// replica reads what any of them stored. Requests are signed by libcurl (AWS Signature
/// Version 4) through ``HTTPClient``, path-style: `<endpoint>/<bucket>/<prefix><name>`.
///
/// Both directions stream: an upload is PUT from its staged file (curl reads the file as it
/// sends), and a download is read from S3 while it is written to the client, pausing the S3
/// transfer while the client is slower, so neither holds an artifact in memory.
///
/// The build cache keeps its entries in a bucket through the same type (`S3CacheStorage` in
/// BuildCache), naming its own setting in the hints it logs.
public struct S3ArtifactStorage: ArtifactStorage {
    /// The bucket and how to reach it.
    public let settings: S3ArtifactSettings
    /// The local folder uploads arrive in before they are PUT.
    public let stagingFolder: String
    /// Where failed deletions and downloads cut short are reported.
    let logger: Logger
    /// The variable that names the bucket, for the hint after a `NoSuchBucket`.
    let setting: String
    /// A client of its own: no redirects (S3 answers a wrong region with one, which the
    /// signature would not survive anyway) and bytes passed on as stored.
    private let client: HTTPClient
    /// Signs every request.
    private let signing: AWSSigV4

    /// Long enough to move the largest artifact to or from a slow client; the connect
    /// timeout (5 s) is what catches an unreachable endpoint.
    static let transferTimeout: Duration = .seconds(4 * 3600)
    /// SHA-256 of no bytes: the payload hash of a request without a body.
    static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    /// Stores into `settings`' bucket (named by the variable `setting`), staging uploads in
    /// `stagingFolder`.
    public init(settings: S3ArtifactSettings, stagingFolder: String, setting: String = "MOBILE_OPS_ARTIFACTS", logger: Logger) {
        self.settings = settings
        self.stagingFolder = stagingFolder
        self.setting = setting
        self.logger = logger
        self.client = HTTPClient(configuration: .init(followRedirects: false, connectTimeout: .seconds(5), acceptCompressedResponses: false))
        self.signing = AWSSigV4(accessKeyID: settings.accessKeyID, secretAccessKey: settings.secretAccessKey, region: settings.region)
    }

    /// For logs: bucket, prefix and endpoint.
    public var description: String {
        self.settings.description
    }

    /// The object's URL, each key segment percent-encoded once (as SigV4's canonical path
    /// expects, so curl signs exactly the path it sends).
    func url(of name: String) -> String {
        let key = (self.settings.prefix + name).split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? String($0) }
            .joined(separator: "/")
        return "\(self.settings.endpoint)/\(self.settings.bucket)/\(key)"
    }

    // MARK: ArtifactStorage

    /// PUTs the staged file, with its SHA-256 as the signed payload hash (so S3 refuses the
    /// object if a byte changed on the way), then deletes the staged file.
    public func save(staged path: String, as name: String, size: Int64, sha256: String) async throws(ArtifactStorageError) {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let request = HTTPClient.Request(
            method: .put, url: self.url(of: name),
            headers: ["Content-Type": "application/octet-stream", "x-amz-content-sha256": sha256],
            bodyFile: path, timeout: Self.transferTimeout, awsSigV4: self.signing)
        let response: HTTPClient.Response
        do {
            response = try await self.client.execute(request)
        } catch {
            throw .unavailable(self.unreachable(error))
        }
        guard response.isSuccess else {
            throw .unavailable(self.refusal("store", name, status: response.status, body: response.body))
        }
    }

    /// GETs the object and answers a stream that passes it on as it arrives.
    public func stream(of name: String, size: Int64) async throws(ArtifactStorageError) -> ArtifactStream {
        try await self.stream(of: name, expectedSize: size)
    }

    /// GETs the object and answers a stream that passes it on as it arrives; its size is the
    /// object's `Content-Length`, which must be `expectedSize` when one is given.
    public func stream(of name: String, expectedSize: Int64?) async throws(ArtifactStorageError) -> ArtifactStream {
        let request = HTTPClient.Request(
            url: self.url(of: name), headers: ["x-amz-content-sha256": Self.emptyPayloadHash],
            timeout: Self.transferTimeout, awsSigV4: self.signing)
        let response: HTTPStreamedResponse
        do {
            response = try await self.client.stream(request)
        } catch {
            throw .unavailable(self.unreachable(error))
        }
        guard response.isSuccess else {
            let body = (try? await response.collected(upTo: 64 * 1024))?.body ?? []
            // NoSuchBucket is a 404 too, but it means a wrong setting, not a lost artifact.
            if response.status == 404, Self.field("Code", in: body).map({ $0 == "NoSuchKey" }) ?? true {
                throw .missing("its object \(self.settings.prefix)\(name) is missing from the bucket")
            }
            throw .unavailable(self.refusal("read", name, status: response.status, body: body))
        }
        let length = response.header("Content-Length").flatMap(Int64.init)
        if let length, let expectedSize, length != expectedSize {
            response.body.cancel()
            throw .unavailable("the object \(self.shownURL(of: name)) holds \(length) bytes where \(expectedSize) were uploaded")
        }
        guard let size = expectedSize ?? length else {
            response.body.cancel()
            throw .unavailable("S3 answered the object \(self.shownURL(of: name)) without its Content-Length")
        }
        let logger = self.logger
        let shownURL = self.shownURL(of: name)
        return ArtifactStream(size: size) { write in
            do {
                for try await piece in response.body {
                    try await write(ByteBuffer(bytes: piece))
                }
            } catch {
                // The head is sent, so the client can only see the connection close early.
                response.body.cancel()
                logger.error("S3 download cut short", metadata: ["object": "\(shownURL)", "error": "\(error)"])
                throw error
            }
        }
    }

    /// DELETEs the object; S3 answers 204 whether or not it existed. A failure is logged.
    public func remove(_ name: String) async {
        do {
            try await self.delete(name)
        } catch {
            self.logger.warning("could not delete an object", metadata: ["object": "\(self.shownURL(of: name))", "error": "\(error)"])
        }
    }

    /// DELETEs the object; one that is not there is fine.
    /// - Throws: ``ArtifactStorageError/unavailable(_:)`` when S3 cannot be reached or refuses.
    public func delete(_ name: String) async throws(ArtifactStorageError) {
        let request = HTTPClient.Request(
            method: .delete, url: self.url(of: name), headers: ["x-amz-content-sha256": Self.emptyPayloadHash], awsSigV4: self.signing)
        let response: HTTPClient.Response
        do {
            response = try await self.client.execute(request)
        } catch {
            throw .unavailable(self.unreachable(error))
        }
        guard response.isSuccess || response.status == 404 else {
            throw .unavailable(self.refusal("delete", name, status: response.status, body: response.body))
        }
    }

    /// The object's size from a HEAD, or nil when there is none.
    /// - Throws: ``ArtifactStorageError/unavailable(_:)`` when S3 cannot be reached or refuses.
    public func size(of name: String) async throws(ArtifactStorageError) -> Int64? {
        let request = HTTPClient.Request(
            method: .head, url: self.url(of: name), headers: ["x-amz-content-sha256": Self.emptyPayloadHash], awsSigV4: self.signing)
        let response: HTTPClient.Response
        do {
            response = try await self.client.execute(request)
        } catch {
            throw .unavailable(self.unreachable(error))
        }
        if response.status == 404 { return nil }
        guard response.isSuccess, let length = response.header("Content-Length").flatMap(Int64.init) else {
            throw .unavailable(self.refusal("look up", name, status: response.status, body: response.body))
        }
        return length
    }

    // MARK: Messages

    /// Characters a key segment keeps as they are: RFC 3986's unreserved set.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The object's URL for logs, with a password in the endpoint's user info masked.
    private func shownURL(of name: String) -> String {
        RedactedURL.masking(self.url(of: name))
    }

    /// Why the endpoint could not be used at all (curl's message may quote the URL).
    private func unreachable(_ error: HTTPClientError) -> String {
        RedactedURL.masking(self.settings.endpoint, in: "S3 endpoint \(self.settings.endpoint) cannot be reached: \(error)")
    }

    /// What S3 refused and why, from its XML error (`<Code>`, `<Message>`), with a hint for
    /// the refusals a wrong setting causes.
    private func refusal(_ action: String, _ name: String, status: Int, body: [UInt8]) -> String {
        let code = Self.field("Code", in: body)
        let reason = [code, Self.field("Message", in: body)].compactMap { $0 }.joined(separator: ": ")
        var text = "S3 refused to \(action) \(self.shownURL(of: name)): HTTP \(status)" + (reason.isEmpty ? "" : " \(reason)")
        switch code {
        case "SignatureDoesNotMatch", "InvalidAccessKeyId", "AccessDenied":
            text += " (check MOBILE_OPS_S3_ACCESS_KEY_ID, MOBILE_OPS_S3_SECRET_ACCESS_KEY and the bucket's policy)"
        case "NoSuchBucket":
            text += " (check the bucket in \(self.setting))"
        case "AuthorizationHeaderMalformed", "PermanentRedirect":
            text += " (check MOBILE_OPS_S3_REGION and MOBILE_OPS_S3_ENDPOINT)"
        default:
            break
        }
        return text
    }

    /// The text of the first `<name>…</name>` element in an S3 XML error, if any.
    static func field(_ name: String, in body: [UInt8]) -> String? {
        let text = String(decoding: body, as: UTF8.self)
        guard let start = text.range(of: "<\(name)>"), let end = text.range(of: "</\(name)>", range: start.upperBound..<text.endIndex) else {
            return nil
        }
        return String(text[start.upperBound..<end.lowerBound])
    }
}
