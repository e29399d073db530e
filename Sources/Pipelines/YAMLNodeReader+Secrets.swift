import Core
import YAMLReading
import Yams

// MARK: - secrets and keychain

extension YAMLNodeReader {
    /// Keys allowed in a step's `keychain:`.
    static let keychainKeys = ["certificates", "password", "profiles"]

    /// A step's `secrets:` (a name or a list of names) and `keychain:` (`certificates`,
    /// `password`, optional `profiles`): the names its jobs may receive, those of `secrets:`
    /// first, then the keychain's, each once. Nil when the step has neither key. Only names are
    /// read here; values are never written in a pipeline.
    mutating func stepSecrets(in fields: MapEntries) -> StepSecrets? {
        guard fields["secrets"] != nil || fields["keychain"] != nil else { return nil }
        let listed = fields["secrets"].flatMap { secretNames($0, "secrets") } ?? []
        let keychain = fields["keychain"].flatMap { keychainSetup(from: $0) }
        var names: [String] = []
        for name in listed + (keychain?.secretNames ?? []) where !names.contains(name) {
            names.append(name)
        }
        guard !names.isEmpty else { return nil }
        return StepSecrets(names: names, keychain: keychain)
    }

    /// `certificates` (file secrets holding `.p12` files), `password` (their import password)
    /// and `profiles` (file secrets holding provisioning profiles).
    private mutating func keychainSetup(from node: Node) -> KeychainSetup? {
        guard let fields = entries(of: node, "keychain", allowed: YAMLNodeReader.keychainKeys) else { return nil }
        var complete = true
        let certificates = fields["certificates"].flatMap { secretNames($0, "keychain.certificates") }
        if fields["certificates"] == nil {
            report("keychain needs 'certificates': the file secrets holding the .p12 certificates to import", at: fields.mark)
        }
        if certificates == nil { complete = false }
        var password: String?
        if let node = fields["password"] {
            password = secretNames(node, "keychain.password", allowList: false)?.first
            if password == nil { complete = false }
        } else {
            report("keychain needs 'password': the secret holding the certificates' import password", at: fields.mark)
            complete = false
        }
        let profiles = fields["profiles"].flatMap { secretNames($0, "keychain.profiles") }
        if fields["profiles"] != nil, profiles == nil { complete = false }
        guard complete, let certificates, let password else { return nil }
        return KeychainSetup(certificates: certificates, password: password, profiles: profiles ?? [])
    }

    /// A secret name, or (with `allowList`) a list of them; each must be a name `SecretName`
    /// accepts, and a list must not name one twice.
    private mutating func secretNames(_ node: Node, _ field: String, allowList: Bool = true) -> [String]? {
        if !allowList, case .sequence = node {
            report("\(field) must be one secret name, found a list", at: node)
            return nil
        }
        guard let items = textList(node, field) else { return nil }
        var names: [String] = []
        var valid = true
        for (name, item) in items {
            if let problem = SecretName.problem(name) {
                report("each item of \(field): \(problem)", at: item)
                valid = false
            } else if names.contains(name) {
                report("\(field) names \(name) twice", at: item)
                valid = false
            } else {
                names.append(name)
            }
        }
        return valid ? names : nil
    }
}
