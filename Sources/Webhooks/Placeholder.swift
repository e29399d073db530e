// Replaced as the Webhooks module lands.
enum WebhooksPlaceholder {}
