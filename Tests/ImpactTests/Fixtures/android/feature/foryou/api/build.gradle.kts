plugins {
    alias(libs.plugins.acme.android.feature.api)
}

android {
    namespace = "com.acme.shop.feature.foryou.api"
}
