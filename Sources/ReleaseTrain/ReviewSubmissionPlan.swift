import MemberwiseInit

// MARK: - ReviewSubmissionPlan

/// What submitting a version for review still needs, decided from the app's open review
/// submissions on the platform.
///
/// Submitting takes three calls (create a submission, add the version, submit), and a server
/// stopped between them, or between the last one and the release's record, runs them again.
/// App Store Connect keeps one unsubmitted submission per app and platform and puts a version
/// in one open submission only: a second create or a second add fails with 409. So the calls
/// start from what the store reports, and finish a submission that is ours instead of making
/// another. A submission holding anything else was not made by the train: it is left alone
/// and the plan says what a person has to do in App Store Connect.
public enum ReviewSubmissionPlan: Sendable, Hashable {
    /// No open submission: create one, add the version, submit.
    case create
    /// An empty unsubmitted submission (created, version not added yet): add it, submit.
    case addAndSubmit(submissionID: String)
    /// An unsubmitted submission holding just the version: submit it.
    case submit(submissionID: String)
    /// The version is submitted already (waiting for or in review, or its review finishing).
    case submitted(ReviewSubmission)
    /// Something only a person should resolve; the text says what and where.
    case refuse(String)

    /// An open submission and what it holds.
    @MemberwiseInit(.public)
    public struct OpenSubmission: Sendable, Hashable {
        /// The submission.
        public var submission: ReviewSubmission
        /// The App Store versions among its items.
        public var versionIDs: [String]
        /// How many items are something else (in-app events, custom product pages …).
        public var otherItems: Int

        var isEmptyDraft: Bool { submission.state == "READY_FOR_REVIEW" && versionIDs.isEmpty && otherItems == 0 }
    }

    /// The plan for version `versionID` given the open submissions on its platform.
    public static func decide(versionID: String, open: [OpenSubmission]) -> ReviewSubmissionPlan {
        if let ours = open.first(where: { $0.versionIDs.contains(versionID) }) {
            return continuing(ours, versionID: versionID)
        }
        if let foreign = open.first(where: { !$0.isEmptyDraft }) {
            return .refuse(
                "review submission \(foreign.submission.id) (\(foreign.submission.state ?? "open")) holds \(contents(of: foreign)), and App Store Connect "
                    + "takes one open submission per app and platform; the train does not submit into or around a submission it did not make: "
                    + "finish it, or remove it from review, in App Store Connect (App Review), and the next check submits version \(versionID)"
            )
        }
        if let draft = open.first {
            return .addAndSubmit(submissionID: draft.submission.id)
        }
        return .create
    }

    /// The plan when an open submission already holds the version.
    private static func continuing(_ ours: OpenSubmission, versionID: String) -> ReviewSubmissionPlan {
        let id = ours.submission.id
        switch ours.submission.state {
        case "READY_FOR_REVIEW":
            guard ours.versionIDs == [versionID], ours.otherItems == 0 else {
                return .refuse(
                    "review submission \(id) holds version \(versionID) together with \(contents(of: ours, besides: versionID)); the train submits only "
                        + "what it added: submit it, or remove the other items, in App Store Connect (App Review)"
                )
            }
            return .submit(submissionID: id)
        case "WAITING_FOR_REVIEW", "IN_REVIEW", "COMPLETING":
            return .submitted(ours.submission)
        case "UNRESOLVED_ISSUES":
            return .refuse(
                "App Review sent version \(versionID) back in review submission \(id) (UNRESOLVED_ISSUES): reply and resubmit it in App Store Connect "
                    + "(App Review), or remove it from review there so the next check submits it anew"
            )
        case "CANCELING":
            return .refuse("review submission \(id) holding version \(versionID) is being canceled; the next check after App Store Connect finishes submits it anew")
        default:
            return .refuse("review submission \(id) holding version \(versionID) is \(ours.submission.state ?? "in an unreported state"); resolve it in App Store Connect (App Review)")
        }
    }

    /// "another version (ver-0)", "2 items that are not an app version" …
    private static func contents(of open: OpenSubmission, besides versionID: String? = nil) -> String {
        var parts: [String] = []
        let versions = open.versionIDs.filter { $0 != versionID }
        if !versions.isEmpty { parts.append("\(versions.count == 1 ? "another version" : "other versions") (\(versions.joined(separator: ", ")))") }
        if open.otherItems > 0 { parts.append("\(open.otherItems) item\(open.otherItems == 1 ? "" : "s") that \(open.otherItems == 1 ? "is" : "are") not an app version") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: " and ")
    }
}
