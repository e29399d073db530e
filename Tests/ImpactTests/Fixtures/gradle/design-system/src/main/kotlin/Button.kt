class Button
