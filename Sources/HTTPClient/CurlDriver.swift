import CCurlRuntime

// MARK: - CurlDriver

/// The multi handle and the transfers on it; lives entirely on the transfer thread.
///
/// All transfers share this multi handle, and with it curl's connection cache (keep-alive
/// reuse, HTTP/2 multiplexing) and DNS cache. Not `Sendable` on purpose: curl handles must
/// only be used from one thread at a time, and this one never leaves its thread.
final class CurlDriver {
    /// The multi handle; `curl_multi_wakeup` on it is the only call made from other threads.
    let multi: UnsafeMutableRawPointer
    /// Settings applied to every transfer.
    private let configuration: HTTPClient.Configuration
    /// Running transfers by request, for cancellation.
    private var transfersByID: [ObjectIdentifier: CurlTransfer] = [:]
    /// Running transfers by easy handle, for completion messages.
    private var transfersByHandle: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// Creates the multi handle; `nil` if curl cannot be initialised.
    init?(configuration: HTTPClient.Configuration) {
        guard Curl.ensureInitialized() == nil, let multi = mo_curl_multi_init() else { return nil }
        self.multi = multi
        self.configuration = configuration
        // Beyond this many connections per host, curl queues transfers instead of opening more.
        _ = mo_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(0, configuration.maxConnectionsPerHost))
        if configuration.maxIdleConnections > 0 {
            _ = mo_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, configuration.maxIdleConnections)
        }
    }

    deinit {
        mo_curl_multi_cleanup(self.multi)
    }

    // MARK: Commands

    /// Starts a transfer for `request` unless its caller already gave up; with a `sink`, its
    /// body streams there.
    func add(_ request: HTTPRequest, _ completion: TransferCompletion, sink: ResponseBodyChannel?) {
        guard !completion.isFinished else {
            sink?.finish(.failure(.cancelled))
            return
        }
        guard let transfer = CurlTransfer(completion: completion, sink: sink, maxBodySize: self.configuration.maxResponseBodySize) else {
            let error = HTTPClientError.transferFailed(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "curl_easy_init failed")
            completion.finish(.failure(error))
            sink?.finish(.failure(error))
            return
        }
        do {
            try transfer.configure(request, self.configuration)
        } catch {
            transfer.fail(error)
            return
        }
        let code = mo_curl_multi_add_handle(self.multi, transfer.easy)
        guard code == CURLM_OK else {
            let message = mo_curl_multi_strerror(code).map { String(cString: $0) } ?? "curl_multi_add_handle failed"
            transfer.fail(.transferFailed(code: Int(code.rawValue), message: message))
            return
        }
        self.transfersByID[completion.id] = transfer
        self.transfersByHandle[transfer.easy] = transfer
    }

    /// Drops the transfer for a cancelled request; its caller was already answered (or
    /// its streamed body's reader left).
    func cancel(_ id: ObjectIdentifier) {
        guard let transfer = self.transfersByID[id] else { return }
        self.remove(transfer)
        transfer.fail(.cancelled)
    }

    /// Resumes a transfer paused by its streamed body's reader (`CURL_WRITEFUNC_PAUSE`).
    /// curl may deliver the held-back bytes from inside this call.
    func resume(_ id: ObjectIdentifier) {
        guard let transfer = self.transfersByID[id] else { return }
        _ = mo_curl_easy_pause(transfer.easy, MO_CURLPAUSE_CONT)
    }

    /// Fails every running transfer with `error` and removes it.
    func failAll(_ error: HTTPClientError) {
        for transfer in self.transfersByID.values {
            self.remove(transfer)
            transfer.fail(error)
        }
    }

    // MARK: Driving

    /// Lets curl make progress, delivers finished transfers, then sleeps until there is
    /// socket activity, a curl timer fires, `curl_multi_wakeup` is called, or `maxWait` passes.
    func step(maxWait milliseconds: Int32) {
        var running: Int32 = 0
        _ = mo_curl_multi_perform(self.multi, &running)
        self.deliverFinished()
        var ready: Int32 = 0
        _ = mo_curl_multi_poll(self.multi, nil, 0, milliseconds, &ready)
    }

    /// Answers every transfer curl reports as done.
    private func deliverFinished() {
        var queued: Int32 = 0
        while let message = mo_curl_multi_info_read(self.multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            // Read the result before removing the handle: that invalidates `message`.
            let code = message.pointee.data.result
            guard let transfer = self.transfersByHandle[easy] else { continue }
            let outcome = transfer.outcome(for: code)
            self.remove(transfer)
            transfer.finish(outcome)
        }
    }

    /// Detaches `transfer` from the multi handle and forgets it (freeing its easy handle).
    private func remove(_ transfer: CurlTransfer) {
        _ = mo_curl_multi_remove_handle(self.multi, transfer.easy)
        self.transfersByID[transfer.completion.id] = nil
        self.transfersByHandle[transfer.easy] = nil
    }
}
