// MARK: - DIModule

/// A reusable group of registrations, installed with ``ContainerBuilder/install(_:)-(any DIModule...)``.
///
/// Modules keep a composition root readable: one module per feature area, each one
/// registering its own services.
///
/// ```swift
/// struct StoreModule: DIModule {
///     func register(in builder: inout ContainerBuilder) {
///         builder.register(JobStore.self, .singleton, SQLJobStore.init)
///     }
/// }
/// ```
public protocol DIModule {
    /// Adds the module's registrations to `builder`.
    func register(in builder: inout ContainerBuilder)
}

// MARK: - Installing modules

extension ContainerBuilder {
    /// Installs each module in order, as if its registrations had been written here.
    public mutating func install(_ modules: any DIModule...) {
        self.install(modules)
    }

    /// Installs each module of an array in order.
    public mutating func install(_ modules: [any DIModule]) {
        for module in modules {
            module.register(in: &self)
        }
    }
}
