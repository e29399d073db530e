// CoreTests
