// AppFeatureTests
