import Foundation

// MARK: - ProvisioningProfile

/// What the agent reads of a provisioning profile to install it: `security cms -D -i FILE`
/// prints the signed property list inside, and Xcode finds a profile by the file name
/// `<UUID>.mobileprovision` (`.provisionprofile` for a macOS one).
struct ProvisioningProfile: Sendable, Equatable {
    /// The profile's `UUID`.
    let uuid: String
    /// Its `Name`, for the log.
    let name: String
    /// Whether `Platform` names macOS (`OSX`).
    let isMacOS: Bool

    /// The file name Xcode looks for.
    var fileName: String { uuid + (isMacOS ? ".provisionprofile" : ".mobileprovision") }

    /// Where profiles go under `home`: the folder every Xcode reads, and Xcode 16's own folder,
    /// which is used too when it exists.
    static func folders(home: String) -> (always: String, ifPresent: String) {
        (home + "/Library/MobileDevice/Provisioning Profiles", home + "/Library/Developer/Xcode/UserData/Provisioning Profiles")
    }

    /// Reads the property list `security cms -D` printed; nil when it is not a profile's, or its
    /// UUID could name another file (only letters, digits and `-`, as Apple's UUIDs are).
    init?(decodedPropertyList data: [UInt8]) {
        guard let plist = try? PropertyListSerialization.propertyList(from: Data(data), options: [], format: nil) as? [String: Any],
              let uuid = plist["UUID"] as? String, (1...64).contains(uuid.count),
              uuid.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return nil }
        self.uuid = uuid
        self.name = plist["Name"] as? String ?? uuid
        self.isMacOS = (plist["Platform"] as? [String] ?? []).contains("OSX")
    }
}
