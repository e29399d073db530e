plugins {
    alias(libs.plugins.android.library)
}

android {
    namespace = "com.example.shop.core.network"
}

dependencies {
    implementation(libs.retrofit.core)

    testImplementation(projects.core.data)
}
