class LoginScreen
