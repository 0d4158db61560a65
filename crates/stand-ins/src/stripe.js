/*
 * Stripe.js stand-in (served by stand_ins::stripe::StripeStandIn at /v3/ and /stripe.js).
 * Not Stripe's script: the small subset of its browser API the Gistbook front end uses, talking
 * to the stand-in at __BASE__ instead of api.stripe.com. Load it before the app bundle; it sets
 * window.Stripe, which @stripe/stripe-js's loadStripe then uses.
 *
 *   const stripe = Stripe('pk_test_...');
 *   const card = stripe.elements().create('card');
 *   card.mount('#card');           // labelled inputs: card number, expiry (MM/YY), CVC
 *   const {paymentMethod, error} = await stripe.createPaymentMethod({type: 'card', card, billing_details});
 *   const {paymentIntent, error} = await stripe.confirmCardPayment(clientSecret);  // automatic confirmation
 *   // handleCardAction is for manual confirmation only: like Stripe.js, it throws an IntegrationError
 *   // for an automatic-confirmation intent, and every call checks the intent's state first.
 *   const {setupIntent, error} = await stripe.confirmCardSetup(clientSecret);      // a trial's card (3-D Secure)
 *
 * Test cards: 4242424242424242 pays, 4000000000000002 is declined, 4000002760003184 asks for
 * 3-D Secure: confirmCardPayment opens the stand-in's approval page in a modal iframe and resolves
 * {paymentIntent} (as Stripe has it then: succeeded) once Approve is clicked, or {error} if the buyer
 * fails it.
 */
(function () {
  'use strict';
  var BASE = '__BASE__';

  function form(data) {
    return Object.keys(data).filter(function (k) { return data[k] !== undefined && data[k] !== null; })
      .map(function (k) { return encodeURIComponent(k) + '=' + encodeURIComponent(data[k]); }).join('&');
  }

  function field(container, label, name, placeholder) {
    var wrap = document.createElement('label');
    wrap.style.display = 'block';
    wrap.textContent = label + ' ';
    var input = document.createElement('input');
    input.type = 'text';
    input.name = name;
    input.placeholder = placeholder;
    input.autocomplete = 'off';
    input.setAttribute('data-stand-in', name);
    wrap.appendChild(input);
    container.appendChild(wrap);
    return input;
  }

  function CardElement() {
    this.inputs = null;
    this.handlers = {};
  }
  CardElement.prototype.mount = function (target) {
    var container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container) throw new Error('Stripe stand-in: nothing to mount the card element on');
    container.innerHTML = '';
    var self = this;
    this.inputs = {
      number: field(container, 'Card number', 'cardnumber', '4242 4242 4242 4242'),
      expiry: field(container, 'Expiry (MM/YY)', 'exp-date', '12/34'),
      cvc: field(container, 'CVC', 'cvc', '123')
    };
    Object.keys(this.inputs).forEach(function (k) {
      self.inputs[k].addEventListener('input', function () {
        var complete = self.inputs.number.value.replace(/\D/g, '').length >= 12;
        (self.handlers.change || []).forEach(function (h) { h({complete: complete, empty: !self.inputs.number.value, error: undefined}); });
      });
    });
    (this.handlers.ready || []).forEach(function (h) { h(self); });
  };
  CardElement.prototype.on = function (event, handler) {
    (this.handlers[event] = this.handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.unmount = function () { this.inputs = null; };
  CardElement.prototype.destroy = CardElement.prototype.unmount;
  CardElement.prototype.focus = function () { if (this.inputs) this.inputs.number.focus(); };
  CardElement.prototype.clear = function () {
    if (!this.inputs) return;
    var inputs = this.inputs;
    Object.keys(inputs).forEach(function (k) { inputs[k].value = ''; });
  };

  function threeDs(intentId) {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-label', '3-D Secure');
      overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647';
      var frame = document.createElement('iframe');
      frame.title = '3-D Secure';
      frame.src = BASE + '/3ds/' + encodeURIComponent(intentId);
      frame.style.cssText = 'width:420px;height:300px;background:#fff;border:0';
      overlay.appendChild(frame);
      function onMessage(event) {
        if (!event.data || event.data.standInThreeDs !== intentId) return;
        window.removeEventListener('message', onMessage);
        overlay.remove();
        resolve(event.data.ok);
      }
      window.addEventListener('message', onMessage);
      document.body.appendChild(overlay);
    });
  }

  window.Stripe = function (publishableKey) {
    function post(path, data) {
      return fetch(BASE + path, {
        method: 'POST',
        headers: {Authorization: 'Bearer ' + publishableKey, 'Content-Type': 'application/x-www-form-urlencoded'},
        body: form(data || {})
      }).then(function (r) { return r.json().then(function (body) { return {ok: r.ok, body: body}; }); });
    }
    function get(path) {
      return fetch(BASE + path, {headers: {Authorization: 'Bearer ' + publishableKey}})
        .then(function (r) { return r.json().then(function (body) { return {ok: r.ok, body: body}; }); });
    }
    // Stripe.js throws IntegrationError for a call the integration should never make.
    function integrationError(message) {
      var error = new Error(message);
      error.name = 'IntegrationError';
      return error;
    }
    function unreachable() {
      return {error: {type: 'api_connection_error', message: 'Could not reach the payment provider.'}};
    }
    // Reads an intent as Stripe.js does: by its client secret (`{id}_secret_{...}`).
    function retrieve(kind, method, clientSecret) {
      var secret = String(clientSecret || '');
      var id = secret.split('_secret_')[0];
      var prefix = kind === 'payment_intents' ? 'pi_' : 'seti_';
      if (secret.indexOf('_secret_') < 0 || id.indexOf(prefix) !== 0) {
        return Promise.reject(integrationError('Invalid value for ' + method + ': clientSecret should be a client secret of the form ${id}_secret_${secret}. You specified: ' + secret + '.'));
      }
      return get('/v1/' + kind + '/' + encodeURIComponent(id) + '?client_secret=' + encodeURIComponent(secret)).then(function (r) {
        if (!r.ok) return {error: r.body.error};
        return {intent: r.body};
      }, unreachable);
    }
    function unexpectedState(kind, intent) {
      var message = intent.status === 'succeeded'
        ? 'You cannot confirm this ' + kind + ' because it has already succeeded after being previously confirmed.'
        : 'This ' + kind + ' is in the ' + intent.status + ' state and cannot be completed here.';
      return {error: {type: 'invalid_request_error', code: kind === 'PaymentIntent' ? 'payment_intent_unexpected_state' : 'setup_intent_unexpected_state', message: message}};
    }
    // After the buyer answered 3-D Secure, the intent as Stripe has it now.
    function afterAction(kind, id, clientSecret, approved, failureCode) {
      if (!approved) {
        return {error: {type: 'invalid_request_error', code: failureCode,
          message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.'}};
      }
      return retrieve(kind, 'retrieve', clientSecret).then(function (read) {
        if (read.error) return read;
        return kind === 'payment_intents' ? {paymentIntent: read.intent} : {setupIntent: read.intent};
      });
    }
    // Manual confirmation only: the server confirms afterwards. Our intents confirm automatically,
    // and Stripe.js refuses this call for them.
    function handleCardAction(clientSecret) {
      return retrieve('payment_intents', 'handleCardAction', clientSecret).then(function (read) {
        if (read.error) return read;
        if (read.intent.confirmation_method !== 'manual') {
          throw integrationError('handleCardAction: The PaymentIntent supplied does not require manual server-side confirmation. Please use confirmCardPayment instead to complete the payment.');
        }
        if (read.intent.status !== 'requires_action') return unexpectedState('PaymentIntent', read.intent);
        return threeDs(read.intent.id).then(function (approved) {
          return afterAction('payment_intents', read.intent.id, clientSecret, approved, 'payment_intent_authentication_failure');
        });
      });
    }
    // An automatic-confirmation intent that needs 3-D Secure: the buyer answers it and Stripe
    // confirms. An intent that needs nothing (succeeded, or no card yet) is an error.
    function confirmCardPayment(clientSecret, data) {
      if (data && data.payment_method) {
        return Promise.reject(integrationError('Stripe stand-in: confirmCardPayment with a new payment_method is not supported.'));
      }
      return retrieve('payment_intents', 'confirmCardPayment', clientSecret).then(function (read) {
        if (read.error) return read;
        if (read.intent.confirmation_method === 'manual' || read.intent.status !== 'requires_action') return unexpectedState('PaymentIntent', read.intent);
        return threeDs(read.intent.id).then(function (approved) {
          return afterAction('payment_intents', read.intent.id, clientSecret, approved, 'payment_intent_authentication_failure');
        });
      });
    }
    return {
      elements: function () {
        return { create: function (type) {
          if (type !== 'card') throw new Error('Stripe stand-in: only the card element exists');
          return new CardElement();
        } };
      },
      createPaymentMethod: function (options) {
        var card = options && (options.card || (options.elements && options.element));
        if (!card || !card.inputs) return Promise.resolve({error: {type: 'validation_error', message: 'The card element is not mounted.'}});
        var expiry = card.inputs.expiry.value.split('/');
        var billing = (options && options.billing_details) || {};
        return post('/v1/payment_methods', {
          type: 'card',
          'card[number]': card.inputs.number.value.replace(/\s/g, ''),
          'card[exp_month]': (expiry[0] || '').trim(),
          'card[exp_year]': (expiry[1] || '').trim(),
          'card[cvc]': card.inputs.cvc.value,
          'billing_details[name]': billing.name,
          'billing_details[email]': billing.email
        }).then(function (r) { return r.ok ? {paymentMethod: r.body} : {error: r.body.error}; },
          function () { return {error: {type: 'api_connection_error', message: 'Could not reach the payment provider.'}}; });
      },
      handleCardAction: handleCardAction,
      confirmCardPayment: confirmCardPayment,
      // Saves a card for later payments: a PaymentMethod from the Element, then the SetupIntent
      // confirmed with it (the client secret proves the page may).
      // Without a card: authenticates the card a SetupIntent holds already (a subscription's trial
      // whose card asks for 3-D Secure: its pending_setup_intent).
      confirmCardSetup: function (clientSecret, data) {
        var card = data && data.payment_method && data.payment_method.card;
        var setupId = String(clientSecret || '').split('_secret_')[0];
        if (!card) {
          return retrieve('setup_intents', 'confirmCardSetup', clientSecret).then(function (read) {
            if (read.error) return read;
            if (read.intent.status !== 'requires_action') return unexpectedState('SetupIntent', read.intent);
            return threeDs(setupId).then(function (approved) {
              return afterAction('setup_intents', setupId, clientSecret, approved, 'setup_intent_authentication_failure');
            });
          });
        }
        return this.createPaymentMethod({type: 'card', card: card}).then(function (made) {
          if (made.error) return {error: made.error};
          return post('/v1/setup_intents/' + setupId + '/confirm', {payment_method: made.paymentMethod.id, client_secret: clientSecret})
            .then(function (r) { return r.ok ? {setupIntent: r.body} : {error: r.body.error}; },
              function () { return {error: {type: 'api_connection_error', message: 'Could not reach the payment provider.'}}; });
        });
      }
    };
  };
  window.Stripe.version = 3;
})();
