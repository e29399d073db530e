plugins {
    alias(libs.plugins.android.library)
}

android {
    namespace = "com.example.shop.core.data"
}

dependencies {
    api(projects.core.network)
    implementation(libs.kotlinx.coroutines.android)

    testImplementation(projects.core.testing)
}
