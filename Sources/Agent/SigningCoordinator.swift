// MARK: - SigningCoordinator

/// What the signing jobs of one agent share on a Mac, and must not change at the same time.
///
/// The user's keychain search list: each job reads it, adds its keychain and writes it back
/// (and the reverse when it ends); two jobs interleaving those steps would drop one's keychain,
/// so one job at a time holds the list. And the provisioning profiles jobs installed: a profile
/// is named by its UUID, so two jobs using the same one share a file, which stays until the
/// last of them ends. A profile that was there before the agent installed it is never removed.
actor SigningCoordinator {
    private var searchListBusy = false
    private var searchListWaiters: [CheckedContinuation<Void, Never>] = []
    private var profileUsers: [String: Int] = [:]

    /// Creates a coordinator with nothing held.
    init() {}

    // MARK: The search list

    /// Waits until no other job of this agent is changing the search list, and holds it.
    func lockSearchList() async {
        guard self.searchListBusy else {
            self.searchListBusy = true
            return
        }
        await withCheckedContinuation { self.searchListWaiters.append($0) }
    }

    /// Hands the search list to the next waiting job, or frees it.
    func unlockSearchList() {
        if self.searchListWaiters.isEmpty {
            self.searchListBusy = false
        } else {
            self.searchListWaiters.removeFirst().resume()
        }
    }

    // MARK: Profiles

    /// How a job comes to use a profile file.
    enum Claim: Sendable, Equatable {
        /// Nobody has it: the job installs it, and removes it when it ends.
        case install
        /// Another job of this agent installed it: the job uses it, and the last user removes it.
        case shared
        /// It was there before the agent installed it: the job uses it and leaves it.
        case foreign
    }

    /// Claims the profile file at `path`; `exists` says whether the file is there now.
    func claim(_ path: String, exists: Bool) -> Claim {
        if let users = self.profileUsers[path] {
            self.profileUsers[path] = users + 1
            return .shared
        }
        if exists { return .foreign }
        self.profileUsers[path] = 1
        return .install
    }

    /// Gives up a job's use of the profile at `path` (an ``Claim/install`` or ``Claim/shared``
    /// one): answers whether the file is to be removed now. After a restart nothing is known,
    /// so what a killed agent's jobs installed is removed.
    func release(_ path: String) -> Bool {
        guard let users = self.profileUsers[path], users > 1 else {
            self.profileUsers[path] = nil
            return true
        }
        self.profileUsers[path] = users - 1
        return false
    }
}
