plugins {
    alias(libs.plugins.acme.android.feature.impl)
    alias(libs.plugins.acme.android.library.compose)
}

android {
    namespace = "com.acme.shop.feature.foryou.impl"
}

dependencies {
    implementation(projects.feature.foryou.api)

    testImplementation(projects.core.testing)
}
