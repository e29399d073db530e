import HTTPClient

// MARK: - Review submissions

extension AppStoreConnectClient {
    /// The review submission's attributes as sent and received.
    private struct SubmissionAttributes: Codable {
        var platform: String?
        var submitted: Bool?
        var canceled: Bool?
        var state: String?
    }

    /// Submits version `versionID` of app `appID` for review, and may be called again after an
    /// interruption at any point: it starts from the app's open review submissions on the
    /// platform (``ReviewSubmissionPlan``), so a submission cut short is finished, one already
    /// submitted is answered as it is, and none is made twice. The calls are the documented
    /// three: `POST /v1/reviewSubmissions`, `POST /v1/reviewSubmissionItems` (the version),
    /// `PATCH /v1/reviewSubmissions/{id}` with `submitted: true`. An open submission the train
    /// did not make is refused with a ``DistributionAPIError/Kind/conflict`` saying what to do.
    public func submitForReview(appID: String, versionID: String, platform: String = "IOS") async throws(DistributionAPIError) -> ReviewSubmission {
        var open: [ReviewSubmissionPlan.OpenSubmission] = []
        for submission in try await openReviewSubmissions(appID: appID, platform: platform) {
            open.append(try await contents(of: submission))
        }
        switch ReviewSubmissionPlan.decide(versionID: versionID, open: open) {
        case .create:
            let created = try await createReviewSubmission(appID: appID, platform: platform)
            try await addToReviewSubmission(created, versionID: versionID)
            return try await submitReviewSubmission(id: created)
        case .addAndSubmit(let id):
            try await addToReviewSubmission(id, versionID: versionID)
            return try await submitReviewSubmission(id: id)
        case .submit(let id):
            return try await submitReviewSubmission(id: id)
        case .submitted(let submission):
            return submission
        case .refuse(let message):
            throw DistributionAPIError(distribution: .appStoreConnect, kind: .conflict, operation: "submit for review", message: message)
        }
    }

    /// The app's review submissions on `platform` that are not finished
    /// (`GET /v1/apps/{id}/reviewSubmissions` filtered by platform and the open states).
    /// There are a handful at most, so one page of 200 holds them all.
    public func openReviewSubmissions(appID: String, platform: String = "IOS") async throws(DistributionAPIError) -> [ReviewSubmission] {
        let states = ReviewSubmission.openStates.joined(separator: ",")
        let query = "filter%5Bplatform%5D=\(Self.queryValue(platform))&filter%5Bstate%5D=\(Self.queryValue(states))&limit=200"
        let url = "\(baseURL)/v1/apps/\(Self.segment(appID))/reviewSubmissions?\(query)"
        let answer = try await call(.get, url, body: nil, operation: "list review submissions", as: JSONAPIDocument<[JSONAPIResource<SubmissionAttributes>]>.self)
        return answer.data.map { ReviewSubmission(id: $0.id, state: $0.attributes?.state) }
    }

    /// What `submission` holds (`GET /v1/reviewSubmissions/{id}/items`). The items name their
    /// version only when it is included (`include=appStoreVersion`); an item without one is
    /// something else (an in-app event, a custom product page …).
    public func contents(of submission: ReviewSubmission) async throws(DistributionAPIError) -> ReviewSubmissionPlan.OpenSubmission {
        struct Identifier: Decodable { var id: String }
        struct Linkage: Decodable { var data: Identifier? }
        struct Relationships: Decodable { var appStoreVersion: Linkage? }
        struct Item: Decodable {
            var id: String
            var relationships: Relationships?
        }
        let url = "\(baseURL)/v1/reviewSubmissions/\(Self.segment(submission.id))/items?include=appStoreVersion&limit=200"
        let answer = try await call(.get, url, body: nil, operation: "list review submission items", as: JSONAPIDocument<[Item]>.self)
        let versions = answer.data.compactMap { $0.relationships?.appStoreVersion?.data?.id }
        return ReviewSubmissionPlan.OpenSubmission(submission: submission, versionIDs: versions, otherItems: answer.data.count - versions.count)
    }

    /// Withdraws review submission `id` (`PATCH /v1/reviewSubmissions/{id}` with
    /// `canceled: true`): the version leaves App Review and cannot be approved any more.
    public func cancelReviewSubmission(id: String) async throws(DistributionAPIError) -> ReviewSubmission {
        let body = JSONAPIRequest(type: "reviewSubmissions", id: id, attributes: SubmissionAttributes(canceled: true))
        let url = "\(baseURL)/v1/reviewSubmissions/\(Self.segment(id))"
        let answer = try await call(.patch, url, body: DistributionTransport.body(body), operation: "cancel review submission", as: JSONAPIDocument<JSONAPIResource<SubmissionAttributes>>.self)
        return ReviewSubmission(id: answer.data.id, state: answer.data.attributes?.state)
    }

    // MARK: The three calls

    private func createReviewSubmission(appID: String, platform: String) async throws(DistributionAPIError) -> String {
        let create = JSONAPIRequest(
            type: "reviewSubmissions", attributes: SubmissionAttributes(platform: platform),
            relationships: ["app": JSONAPIRelationship(type: "apps", id: appID)]
        )
        let url = "\(baseURL)/v1/reviewSubmissions"
        return try await call(.post, url, body: DistributionTransport.body(create), operation: "create review submission", as: JSONAPIDocument<JSONAPIResource<SubmissionAttributes>>.self).data.id
    }

    private func addToReviewSubmission(_ id: String, versionID: String) async throws(DistributionAPIError) {
        struct NoAttributes: Codable {}
        let item = JSONAPIRequest<NoAttributes>(
            type: "reviewSubmissionItems", attributes: nil,
            relationships: [
                "reviewSubmission": JSONAPIRelationship(type: "reviewSubmissions", id: id),
                "appStoreVersion": JSONAPIRelationship(type: "appStoreVersions", id: versionID),
            ]
        )
        let url = "\(baseURL)/v1/reviewSubmissionItems"
        _ = try await call(.post, url, body: DistributionTransport.body(item), operation: "add version to review submission", as: JSONAPIDocument<JSONAPIResource<NoAttributes>>.self)
    }

    private func submitReviewSubmission(id: String) async throws(DistributionAPIError) -> ReviewSubmission {
        let submit = JSONAPIRequest(type: "reviewSubmissions", id: id, attributes: SubmissionAttributes(submitted: true))
        let url = "\(baseURL)/v1/reviewSubmissions/\(Self.segment(id))"
        let submitted = try await call(.patch, url, body: DistributionTransport.body(submit), operation: "submit for review", as: JSONAPIDocument<JSONAPIResource<SubmissionAttributes>>.self)
        return ReviewSubmission(id: submitted.data.id, state: submitted.data.attributes?.state)
    }
}
