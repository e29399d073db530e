plugins {
    alias(libs.plugins.myapp.jvm.library)
}
