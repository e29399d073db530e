plugins {
    alias(libs.plugins.android.library)
    alias(libs.plugins.kotlin.compose)
}

android {
    namespace = "com.example.shop.feature.login.impl"
}

dependencies {
    implementation(project(":feature:login:api"))
    implementation(projects.core.ui)
    implementation(libs.androidx.hilt.navigation.compose)

    testImplementation(projects.core.testing)
}
