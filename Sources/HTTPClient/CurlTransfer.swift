import CCurlRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CurlTransfer

/// One curl easy handle plus everything it points at (header list, error buffer, response
/// buffers) for the life of one exchange.
///
/// Confined to the transfer thread: curl handles are not thread-safe, so this type is
/// deliberately not `Sendable` and only ``CurlDriver`` touches it.
final class CurlTransfer {
    /// The easy handle; valid until `deinit`.
    let easy: UnsafeMutableRawPointer
    /// Where the outcome goes (for a streamed body, the head alone).
    let completion: TransferCompletion
    /// Where a streamed body goes as it arrives; `nil` to collect the body into the response.
    private let sink: ResponseBodyChannel?
    /// Whether a streamed response's head was handed over (at its first body bytes).
    private var headDelivered = false
    /// The body size past which the transfer is aborted.
    private let maxBodySize: Int
    /// curl writes its detailed message here on failure (must outlive the handle's use).
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The request header list; curl reads it during the transfer, so it is freed only in `deinit`.
    private var headerList: UnsafeMutablePointer<curl_slist>?

    /// The file an upload streams from (curl's default read function `fread`s it); closed in `deinit`.
    private var uploadFile: UnsafeMutablePointer<FILE>?

    /// Body bytes received so far.
    private var body: [UInt8] = []
    /// Header fields of the latest response seen (reset at each status line).
    private var headers: [HTTPHeader] = []
    /// Set when the body outgrew `maxBodySize`, to tell that write error apart from others.
    private var bodyLimitExceeded = false

    /// Creates the easy handle; `nil` if curl is out of memory.
    init?(completion: TransferCompletion, sink: ResponseBodyChannel?, maxBodySize: Int) {
        guard let easy = mo_curl_easy_init() else { return nil }
        self.easy = easy
        self.completion = completion
        self.sink = sink
        self.maxBodySize = maxBodySize
        self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        self.errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        // The driver removes the handle from the multi handle before dropping us.
        mo_curl_easy_cleanup(self.easy)
        mo_curl_slist_free_all(self.headerList)
        if let uploadFile { fclose(uploadFile) }
        self.errorBuffer.deallocate()
    }

    // MARK: Configuration

    /// Applies `request` and `configuration` to the easy handle.
    func configure(_ request: HTTPRequest, _ configuration: HTTPClient.Configuration) throws(HTTPClientError) {
        let options = CurlEasy(self.easy)
        try options.set(CURLOPT_URL, request.url)
        try options.set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(self.errorBuffer))
        try options.applyClientDefaults(configuration)
        try options.set(CURLOPT_TIMEOUT_MS, Curl.milliseconds(request.timeout))
        if let path = request.bodyFile {
            try self.configureUpload(from: path, method: request.method, options)
        } else {
            try options.applyMethodAndBody(request)
        }
        if let signing = request.awsSigV4 {
            try options.applyAWSSigV4(signing)
        }
        self.headerList = try options.applyHeaders(request, configuration)

        // Callbacks get this object back through their user-data pointer. Unretained is
        // safe because the driver owns us for as long as curl may call them.
        let context = Unmanaged.passUnretained(self).toOpaque()
        try options.set(CURLOPT_WRITEDATA, pointer: context)
        try options.setCallback(CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
        }
        try options.set(CURLOPT_HEADERDATA, pointer: context)
        try options.setCallback(CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
        }
    }

    /// Streams the body from `path` with curl's upload mode: `Content-Length` from the file's
    /// size, the data read as curl sends it, so a large file never sits in memory.
    private func configureUpload(from path: String, method: HTTPMethod, _ options: CurlEasy) throws(HTTPClientError) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, let file = fopen(path, "rb") else {
            throw .invalidRequest("cannot read the body file \(path.debugDescription)")
        }
        self.uploadFile = file
        try options.set(CURLOPT_UPLOAD, true)
        try options.set(CURLOPT_READDATA, pointer: UnsafeMutableRawPointer(file))
        try options.set(CURLOPT_INFILESIZE_LARGE, offset: Int(info.st_size))
        // Upload mode sends PUT; any other method keeps the same body mechanism.
        if method != .put {
            try options.set(CURLOPT_CUSTOMREQUEST, method.rawValue)
        }
    }

    // MARK: Callbacks

    /// Appends body bytes, or passes them to the sink of a streamed body; returning less than
    /// the byte count makes curl abort the transfer.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        if let sink {
            // curl writes only the final response's body, so its head is complete by now.
            self.deliverHead()
            switch sink.offer(bytes) {
            case .accepted: return bytes.count
            case .pause: return MO_CURL_WRITEFUNC_PAUSE
            case .abort: return 0
            }
        }
        guard bytes.count <= self.maxBodySize - self.body.count else {
            self.bodyLimitExceeded = true
            return 0
        }
        self.body.append(contentsOf: bytes)
        return bytes.count
    }

    /// Parses one raw header line (curl delivers them one at a time, CRLF included).
    private func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Int {
        var line = Substring(String(decoding: bytes, as: UTF8.self))
        while let last = line.last, last == "\r" || last == "\n" || last == "\r\n" { line.removeLast() }

        if line.hasPrefix("HTTP/") {
            // A new status line: a redirect hop, `100 Continue` or a proxy's reply came
            // before; only the final response's fields should be reported.
            self.headers.removeAll(keepingCapacity: true)
        } else if let first = line.first, first == " " || first == "\t", let index = self.headers.indices.last {
            // Obsolete line folding: a continuation of the previous field's value.
            self.headers[index].value += " " + Self.trimmed(line)
        } else if let colon = line.firstIndex(of: ":") {
            let name = String(line[..<colon])
            let value = Self.trimmed(line[line.index(after: colon)...])
            self.headers.append(HTTPHeader(name: name, value: value))
        }
        return bytes.count
    }

    // MARK: Outcome

    /// Hands a streamed response's head (with no body) to the caller, once.
    private func deliverHead() {
        guard !self.headDelivered else { return }
        self.headDelivered = true
        self.completion.finish(.success(self.response()))
    }

    /// Answers the caller with `outcome` (a no-op if a streamed head was already handed over)
    /// and ends a streamed body with it.
    func finish(_ outcome: TransferCompletion.Outcome) {
        self.completion.finish(outcome)
        self.sink?.finish(outcome.map { _ in () })
    }

    /// Answers the caller, and any streamed body's reader, with `error`.
    func fail(_ error: HTTPClientError) {
        self.finish(.failure(error))
    }

    /// What to hand the caller once curl reports the transfer done with `code`.
    func outcome(for code: CURLcode) -> TransferCompletion.Outcome {
        guard code == CURLE_OK else {
            if self.bodyLimitExceeded {
                return .failure(.responseTooLarge(limit: self.maxBodySize))
            }
            let detail = String(cString: self.errorBuffer)
            let codeValue = Int(code.rawValue)
            return .failure(HTTPClientError(curlCode: codeValue, message: detail.isEmpty ? Curl.message(for: codeValue) : detail))
        }
        return .success(self.response())
    }

    /// The final response as received so far: all of it once done; for a streamed body, the
    /// head with an empty body.
    private func response() -> HTTPResponse {
        let info = CurlEasy(self.easy)
        return HTTPResponse(
            status: info.long(CURLINFO_RESPONSE_CODE),
            headers: HTTPHeaders(self.headers),
            body: self.body,
            url: info.string(CURLINFO_EFFECTIVE_URL) ?? "",
            newConnections: info.long(CURLINFO_NUM_CONNECTS)
        )
    }

    // MARK: Helpers

    /// `text` without leading and trailing spaces and tabs (HTTP's optional whitespace).
    private static func trimmed(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isSpace($0) }),
            let end = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[start...end])
    }
}
