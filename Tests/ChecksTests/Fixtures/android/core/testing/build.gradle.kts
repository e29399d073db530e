plugins {
    alias(libs.plugins.android.library)
}

android {
    namespace = "com.example.shop.core.testing"
}

dependencies {
    api(libs.kotlinx.coroutines.test)
    implementation(projects.core.data)
}
