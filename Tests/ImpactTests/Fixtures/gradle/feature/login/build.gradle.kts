plugins {
    alias(libs.plugins.myapp.android.feature)
}

dependencies {
    implementation(projects.core.data)
    implementation(projects.designSystem)
}
