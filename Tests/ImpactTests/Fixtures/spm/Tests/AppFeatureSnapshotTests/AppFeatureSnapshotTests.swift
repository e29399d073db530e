// AppFeatureSnapshotTests
