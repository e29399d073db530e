class LoginUiTest
