plugins {
    alias(libs.plugins.acme.android.library)
}

android {
    namespace = "com.acme.shop.core.testing"
}
