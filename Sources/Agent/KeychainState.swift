import Foundation

// MARK: - KeychainState

/// What a job's keychain set-up has changed on the Mac, written to its secrets folder before
/// each change is made, so that the clean-up at the job's end, or at the start of an agent that
/// was killed during the job, undoes exactly that: the search list entry, the keychain, and the
/// profiles the job installed (or shares with another job of the agent).
///
/// It holds no password: removing a keychain needs none.
struct KeychainState: Codable, Sendable, Equatable {
    /// The file's name in the job's ``SecretsFolder`` (lower case, so no secret's name).
    static let fileName = "keychain.json"

    /// The keychain's absolute, resolved path.
    var keychain: String
    /// Whether the job may have put the keychain in the user's search list.
    var inSearchList = false
    /// Profile files the job installed or shares with another job.
    var profiles: [String] = []

    /// Writes the state into `folder`, replacing the last one at once (a rename), so a killed
    /// agent leaves one whole state or the previous one. Blocking: off the cooperative pool.
    func save(in folder: SecretsFolder) throws(SecretsFolder.Failure) {
        let target = folder.path + "/" + Self.fileName
        do {
            let data = try JSONEncoder().encode(self)
            try data.write(to: URL(fileURLWithPath: target), options: .atomic)
        } catch {
            throw SecretsFolder.Failure("could not record the keychain's state in \(target): \(error.localizedDescription)")
        }
    }

    /// The state recorded in `folder`: nil when there is none (the job had no keychain).
    /// Blocking: off the cooperative pool.
    static func load(from folder: SecretsFolder) throws(SecretsFolder.Failure) -> KeychainState? {
        let source = folder.path + "/" + Self.fileName
        guard let data = FileManager.default.contents(atPath: source) else { return nil }
        do { return try JSONDecoder().decode(KeychainState.self, from: data) } catch {
            throw SecretsFolder.Failure("the keychain's state in \(source) cannot be read: \(error)")
        }
    }
}
