// swift-tools-version:6.1
