plugins {
    alias(libs.plugins.android.application)
}

dependencies {
    implementation(projects.feature.login)
    implementation(project(":feature:profile"))
    androidTestImplementation(projects.core.testing)
    testImplementation("junit:junit:4.13.2")
}
