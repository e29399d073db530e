plugins {
    alias(libs.plugins.android.library)
    alias(libs.plugins.kotlin.compose)
}

android {
    namespace = "com.example.shop.core.ui"
}

dependencies {
    implementation(libs.androidx.compose.material3)
    // Core must never know a feature.
    implementation(project(":feature:login:api"))
}
