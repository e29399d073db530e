import Foundation

/// A release train file as the release tests write them: semantic versions bumped by minor
/// and release branches `release/{version}`, with what differs from test to test given.
public enum TrainFile {
    /// The train file `name` for `repository` on `platforms` (a YAML list, `[android, ios]`),
    /// started by `cadence`, whose candidates `rcPipeline` builds, released after the `signoff`
    /// gates (a YAML list); `rollout` is the rest of the file (`rollout:` and, when the train
    /// has one, `health:`), as written. No trailing newline, like the literals it replaces.
    public static func text(
        name: String, repository: String, platforms: String, cadence: String = "manual", rcPipeline: String, signoff: String = "[qa]",
        rollout: String
    ) -> String {
        """
        name: \(name)
        repository: \(repository)
        platforms: \(platforms)
        cadence: \(cadence)
        version: {scheme: semver, bump: minor}
        release_branch: release/{version}
        rc_pipeline: \(rcPipeline)
        signoff: \(signoff)
        \(rollout)
        """
    }
}
