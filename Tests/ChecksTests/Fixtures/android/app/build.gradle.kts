plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
}

android {
    namespace = "com.example.shop"
}

dependencies {
    implementation(projects.feature.login.di)
    implementation(projects.feature.cart.impl)
    implementation(projects.core.data)
    implementation(libs.androidx.activity.compose)

    testImplementation(projects.core.testing)
}
