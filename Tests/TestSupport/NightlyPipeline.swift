import Foundation

/// A pipeline the clock starts every day at 02:00 UTC and nothing else may trigger, with the
/// instants around that occurrence: what both the schedule service's tests and the server's
/// scheduled-build test run.
public enum NightlyPipeline {
    /// Its YAML, for `pipelines/nightly.yml`.
    public static let yaml = """
        name: nightly
        repositories: [acme/ios-app]
        triggers:
          schedule: daily at 02:00
          manual: false
        steps:
          - key: build
            command: echo nightly
        """

    /// 2026-11-`day` at `hour`:`minute` UTC, moved by `shift`.
    public static func at(_ hour: Int, _ minute: Int, day: Int = 21, shift: TimeInterval) -> Date {
        DateShift.utc(2026, 11, day, hour, minute, shift: shift)
    }
}
