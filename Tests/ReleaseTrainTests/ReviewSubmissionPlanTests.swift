import ReleaseTrain
import Testing

/// What submitting still needs, from the open review submissions App Store Connect reports.
@Suite("Review submission plan")
struct ReviewSubmissionPlanTests {
    static func open(_ id: String, _ state: String, versions: [String] = [], other: Int = 0) -> ReviewSubmissionPlan.OpenSubmission {
        .init(submission: ReviewSubmission(id: id, state: state), versionIDs: versions, otherItems: other)
    }

    @Test("nothing open: create; an empty draft: reuse it; our draft: submit it; ours in review or finishing: done")
    func continuesWhatIsOurs() {
        #expect(ReviewSubmissionPlan.decide(versionID: "v", open: []) == .create)
        #expect(ReviewSubmissionPlan.decide(versionID: "v", open: [Self.open("s", "READY_FOR_REVIEW")]) == .addAndSubmit(submissionID: "s"))
        #expect(ReviewSubmissionPlan.decide(versionID: "v", open: [Self.open("s", "READY_FOR_REVIEW", versions: ["v"])]) == .submit(submissionID: "s"))
        for state in ["WAITING_FOR_REVIEW", "IN_REVIEW", "COMPLETING"] {
            let ours = Self.open("s", state, versions: ["v"])
            #expect(ReviewSubmissionPlan.decide(versionID: "v", open: [ours]) == .submitted(ours.submission))
        }
        // Ours in review counts even beside someone's draft of in-app events.
        let ours = Self.open("s2", "WAITING_FOR_REVIEW", versions: ["v"])
        #expect(ReviewSubmissionPlan.decide(versionID: "v", open: [Self.open("s1", "READY_FOR_REVIEW", other: 1), ours]) == .submitted(ours.submission))
    }

    @Test("what the train did not make, or ours sent back or being canceled, is refused with what to do")
    func refusesTheRest() {
        let cases: [([ReviewSubmissionPlan.OpenSubmission], String)] = [
            ([Self.open("s", "IN_REVIEW", versions: ["old"])], "holds another version (old)"),
            ([Self.open("s", "READY_FOR_REVIEW", other: 2)], "holds 2 items that are not an app version"),
            ([Self.open("s", "READY_FOR_REVIEW"), Self.open("t", "WAITING_FOR_REVIEW", versions: ["old"])], "review submission t"),
            ([Self.open("s", "READY_FOR_REVIEW", versions: ["v", "w"])], "together with another version (w)"),
            ([Self.open("s", "UNRESOLVED_ISSUES", versions: ["v"])], "App Review sent version v back"),
            ([Self.open("s", "CANCELING", versions: ["v"])], "is being canceled"),
        ]
        for (open, says) in cases {
            guard case .refuse(let message) = ReviewSubmissionPlan.decide(versionID: "v", open: open) else {
                Issue.record("not refused: \(open)")
                continue
            }
            #expect(message.contains(says), "\(message)")
            #expect(message.contains("App Store Connect"), "\(message)")
        }
    }
}
