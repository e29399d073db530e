plugins {
    alias(libs.plugins.android.library)
}

android {
    namespace = "com.example.shop.feature.cart.impl"
}

dependencies {
    implementation(projects.core.data)
    // Reaches into another feature's implementation instead of its API.
    implementation(project(":feature:login:impl"))
}
