plugins {
    alias(libs.plugins.acme.android.library)
}

android {
    namespace = "com.acme.shop.core.ui"
}

dependencies {
    api(projects.core.designsystem)
    api(projects.core.model)
}
