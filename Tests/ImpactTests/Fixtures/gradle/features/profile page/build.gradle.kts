plugins {
    id("myapp.android.feature")
}

dependencies {
    implementation(projects.designSystem)
}
