import Core
import Pipelines
import Store

/// Which stored secret, if any, a build may have under a name: decided from the stored build
/// alone (repository, pipeline, branch, pull request and its origin), never from anything a
/// job or agent sends.
///
/// Rules, in order: a pull request from a fork (or from a source repository nobody can vouch
/// for) gets nothing; the secret is the build's pipeline's own, else the one every pipeline of
/// the repository shares; a pull request gets it only when it is marked for pull requests;
/// with branch patterns, the build's branch (a pull request's source branch) must match one.
public enum SecretPolicy {
    /// The outcome for one name.
    public enum Decision: Sendable, Equatable {
        /// This row's value is given.
        case given(StoredSecret)
        /// Nothing is given, for this reason (in words, for the job's log).
        case denied(String)
    }

    /// Decides `name` for `build` among the rows of the build's repository.
    public static func decide(name: String, rows: [StoredSecret], build: Build) -> Decision {
        guard let repositoryID = build.repositoryID else {
            return .denied("the build has no repository, and secrets belong to one")
        }
        if build.pullRequest != nil {
            switch build.pullRequestOrigin ?? .unknown {
            case .fork:
                return .denied("pull request from a fork: secrets are never given to forks")
            case .unknown:
                return .denied("pull request whose source repository the git host did not name, so it counts as a fork: secrets are never given to forks")
            case .sameRepository:
                break
            }
        }
        let named = rows.filter { $0.repositoryID == repositoryID && $0.name == name }
        guard let secret = named.first(where: { $0.pipeline == build.pipeline }) ?? named.first(where: { $0.pipeline == nil }) else {
            return .denied("no secret named \(name) is set for this repository and pipeline \(build.pipeline)")
        }
        if build.pullRequest != nil, !secret.pullRequests {
            return .denied("pull request build: the secret is not given to pull requests (set it with --pull-requests to allow same-repository pull requests)")
        }
        if let branches = secret.branches {
            let list = branches.joined(separator: ", ")
            guard let branch = build.branch else {
                return .denied("the build has no branch (a tag build), and the secret is limited to branches \(list)")
            }
            guard branches.contains(where: { Glob($0).matches(branch) }) else {
                return .denied("branch \(branch) does not match the secret's branches \(list)")
            }
        }
        return .given(secret)
    }
}
