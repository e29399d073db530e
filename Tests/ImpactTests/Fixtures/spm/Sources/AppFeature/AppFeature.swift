// AppFeature
