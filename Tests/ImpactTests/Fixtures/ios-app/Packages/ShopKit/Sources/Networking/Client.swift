struct X {}
