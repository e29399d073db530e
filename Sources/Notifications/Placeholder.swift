enum NotificationsPlaceholder {}
