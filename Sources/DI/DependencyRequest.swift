// MARK: - DependencyRequest

/// One edge of the graph as the dependent sees it: which key it asks for and how.
///
/// Derived from a factory parameter's type when the service is registered, so the
/// builder knows every edge before anything is built.
@usableFromInline
struct DependencyRequest: Hashable, Sendable, CustomStringConvertible {
    /// How a parameter is satisfied.
    @usableFromInline
    enum Kind: String, Sendable, Hashable {
        /// Exactly one registration of the key (a plain parameter or ``Tagged``).
        case single
        /// Every contribution of the key, in registration order (`[any P]` parameters).
        case all
        /// The registration if there is one, `nil` otherwise (`P?` parameters).
        case optional
        /// A deferred resolver (``Provider``): not resolved while the dependent is built.
        case provider
    }

    /// How the parameter is satisfied.
    @usableFromInline let kind: Kind
    /// The key of the registration(s) asked for.
    @usableFromInline let key: ServiceKey

    @usableFromInline
    init(kind: Kind, key: ServiceKey) {
        self.kind = kind
        self.key = key
    }

    /// The request a factory parameter of type `T` makes.
    @usableFromInline
    init<T>(for type: T.Type) {
        // Every wrapper is a struct or an enum: a class type (most services) skips the
        // protocol-conformance lookup.
        if type is AnyObject.Type {
            self.init(kind: .single, key: ServiceKey(type))
        } else if let wrapper = type as? any DependencyWrapper.Type {
            self = wrapper.request
        } else {
            self.init(kind: .single, key: ServiceKey(type))
        }
    }

    /// The request an entry point of type `T` with `tag` makes.
    @usableFromInline
    init<T>(entry type: T.Type, tag: String?) {
        let plain = DependencyRequest(for: type)
        self.init(kind: plain.kind, key: tag.map { ServiceKey(type, tag: $0) } ?? plain.key)
    }

    /// `Store`, `Store#tag`, `[Notifier]`, `Store?` or `Provider<Store>`.
    @usableFromInline
    var description: String {
        switch self.kind {
        case .single: self.key.description
        case .all: "[\(self.key.description)]"
        case .optional: "\(self.key.description)?"
        case .provider: "Provider<\(self.key.description)>"
        }
    }
}
