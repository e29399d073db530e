struct Lint { func run() {} }
