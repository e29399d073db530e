import ArgumentParser
import Foundation

/// `mobile-ops release store ID [--android-package P] [--android-version-code C …] [--ios-app-id A]`:
/// where the release lives in each store; typically the release-candidate pipeline's last step.
struct ReleaseStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Set a release's store identifiers (write token): Play package and version codes, App Store app id.",
        discussion: """
            Identifiers left out keep their value. The package and the app id carry over to the train's \
            next releases; the version codes are new for every build.

            Examples:
              mobile-ops release store 7 --android-package com.acme.app \\
                  --android-version-code 4107 --android-version-code 4108
              mobile-ops release store 7 --ios-app-id 1234567890
            """)
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Release id.") var id: Int64
    @Option(name: .customLong("android-package"), help: "Google Play application id, e.g. com.acme.app.") var androidPackage: String?
    @Option(name: .customLong("android-version-code"), help: "A version code of the release's bundles; repeatable.")
    var androidVersionCodes: [String] = []
    @Option(name: .customLong("ios-app-id"), help: "The App Store Connect app's Apple id.") var iosAppID: String?

    func validate() throws {
        if androidPackage == nil, androidVersionCodes.isEmpty, iosAppID == nil {
            throw ValidationError("give at least one of --android-package, --android-version-code, --ios-app-id")
        }
    }

    func run() async throws {
        struct Identifiers: Encodable { var androidPackage: String?; var androidVersionCodes: [String]?; var iosAppID: String? }
        let identifiers = Identifiers(
            androidPackage: androidPackage, androidVersionCodes: androidVersionCodes.isEmpty ? nil : androidVersionCodes, iosAppID: iosAppID)
        try await connection.post("/api/v1/releases/\(id)/store", identifiers, as: ReleaseSummary.self) { release in
            print("Release \(release.id) (\(release.train) \(release.version)): store identifiers recorded; it is \(release.state).")
        }
    }
}
