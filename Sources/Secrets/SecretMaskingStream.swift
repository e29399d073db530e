/// Masks a job's output as it arrives in chunks: bytes that could be the start of a secret's
/// form are held back until the next chunk shows whether they are, so a value split between
/// two writes is masked whole. Call ``finish()`` when the output ends to get what is held.
public struct SecretMaskingStream: Sendable {
    /// The masker whose forms are replaced.
    public let masker: SecretMasker
    /// Bytes held back: the start of a form, perhaps.
    private var pending: [UInt8] = []

    /// A stream over `masker`'s forms.
    public init(masker: SecretMasker) {
        self.masker = masker
    }

    /// What can be sent of `chunk` now, masked; fewer bytes than it held when its end could
    /// begin a secret (at most the longest form's length less one are held).
    public mutating func feed(_ chunk: [UInt8]) -> [UInt8] {
        guard !masker.isEmpty || !pending.isEmpty else { return chunk }
        let (output, rest) = masker.scan(pending + chunk, final: false)
        pending = rest
        return output
    }

    /// A stream over `masker` that goes on where this one is: the bytes this one holds back
    /// come first in what the new one is fed (a job's secrets fetched again mid-log).
    public func continued(with masker: SecretMasker) -> SecretMaskingStream {
        var next = SecretMaskingStream(masker: masker)
        next.pending = pending
        return next
    }

    /// The held bytes, masked: the output ended.
    public mutating func finish() -> [UInt8] {
        defer { pending = [] }
        return masker.scan(pending, final: true).output
    }

    /// Whether bytes are held back.
    public var isHolding: Bool { !pending.isEmpty }
}
