// app/src/main/kotlin/MainActivity
