import Foundation
import ReleaseTrain

// MARK: - What a store's credentials lack

extension ReleaseTrainSettings {
    /// Why `platform`'s store cannot be driven, naming the variables that configure it; nil
    /// when its credentials are usable. A release shows this while it waits, so the person
    /// reading it knows what to set without the start-up log.
    public func missingCredentials(for platform: ReleasePlatform) -> String? {
        let variables: String
        switch platform {
        case .ios:
            guard appStoreKey == nil else { return nil }
            typealias Variable = AppStoreConnectKey.Variable
            variables = "\(Variable.issuerID), \(Variable.keyID), and \(Variable.key) or \(Variable.keyFile)"
        case .android:
            guard playAccount == nil else { return nil }
            variables = "\(GoogleServiceAccount.jsonVariable) or \(GoogleServiceAccount.fileVariable)"
        }
        if let problem = credentialProblems[platform] {
            return "\(platform.storeName) credentials are unusable (\(problem)); check \(variables) and restart the server"
        }
        return "\(platform.storeName) credentials are not set; set \(variables) and restart the server"
    }
}
