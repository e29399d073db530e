plugins {
    alias(libs.plugins.acme.android.application)
}

android {
    namespace = "com.acme.shop"
    defaultConfig {
        applicationId = "com.acme.shop"
    }
}

dependencies {
    implementation(projects.feature.foryou.impl)
    implementation(projects.core.ui)

    baselineProfile(projects.benchmarks)
}
