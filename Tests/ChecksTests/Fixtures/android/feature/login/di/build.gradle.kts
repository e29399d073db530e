plugins {
    alias(libs.plugins.android.library)
}

android {
    namespace = "com.example.shop.feature.login.di"
}

dependencies {
    implementation(project(":feature:login:impl"))
    implementation(libs.hilt.android)
}
