import BuildMetrics

extension BuildDimensions {
    /// `gradle`, `xcode` or `other`: from the tool versions reported, else the platform. The
    /// rollups group cache figures by it, so every store backend names a build's system alike.
    package var buildSystem: String {
        if self.gradleVersion != nil { return "gradle" }
        if self.xcodeVersion != nil { return "xcode" }
        switch self.platform {
        case .android: return "gradle"
        case .ios: return "xcode"
        case .other, nil: return "other"
        }
    }
}
