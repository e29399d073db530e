plugins {
    alias(libs.plugins.android.library)
}

android {
    namespace = "com.example.shop.feature.login.api"
}

dependencies {
    // Exposes the repository types in the feature's public API.
    api(projects.core.data)
}
